import argparse

import torch
import torch.nn.functional as F
import yaml

from kd.models import student, teacher


def digits(n, g):
    y = torch.randint(0, 10, (n,), generator=g)
    protos = torch.randn(10, 1, 28, 28, generator=torch.Generator().manual_seed(42))
    return protos[y] + 0.5 * torch.randn(n, 1, 28, 28, generator=g), y


def kd_loss(s_logits, t_logits, y, T, alpha):
    soft = F.kl_div(F.log_softmax(s_logits / T, 1), F.softmax(t_logits / T, 1), reduction="batchmean") * T * T
    return alpha * soft + (1 - alpha) * F.cross_entropy(s_logits, y)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="distill.yaml")
    cfg = yaml.safe_load(open(ap.parse_args().config))
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(0)

    t = teacher()
    state = torch.load(cfg["teacher_ckpt"], map_location="cpu")
    t.load_state_dict(state["model"])
    t.eval()
    s = student()
    opt = torch.optim.Adam(s.parameters(), lr=cfg["lr"])
    x, y = digits(cfg["n_train"], g)
    for ep in range(cfg["epochs"]):
        perm = torch.randperm(len(y), generator=g)
        for i in range(0, len(y), cfg["batch_size"]):
            idx = perm[i:i + cfg["batch_size"]]
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=cfg["amp"] == "bf16"):
                with torch.no_grad():
                    t_logits = t(x[idx])
                loss = kd_loss(s(x[idx]), t_logits, y[idx], cfg["temperature"], cfg["alpha"])
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {ep} kd loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
