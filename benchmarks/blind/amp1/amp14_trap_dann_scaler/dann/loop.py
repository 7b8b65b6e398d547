from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from .memory import class_means, whitening_penalty


@dataclass
class TrainState:
    optimizer: torch.optim.Optimizer
    scaler: torch.amp.GradScaler
    amp_dtype: torch.dtype
    step: int = 0

    @classmethod
    def create(cls, model, args, device):
        opt = torch.optim.Adam(model.parameters(), lr=args.lr)
        amp_dtype = torch.float16 if device.type == "cuda" else torch.bfloat16
        return cls(opt, torch.amp.GradScaler(device.type), amp_dtype)


def train_epoch(model, bank, state, source, target, args, device):
    model.train()
    src_dl = DataLoader(source, batch_size=args.batch_size, shuffle=True, drop_last=True)
    tgt_dl = DataLoader(target, batch_size=args.batch_size, shuffle=True, drop_last=True)
    sums = {"loss": 0.0, "cls": 0.0, "dom": 0.0, "white": 0.0}
    n = 0
    for (xs, ys), (xt, _) in zip(src_dl, tgt_dl):
        xs, ys, xt = xs.to(device), ys.to(device), xt.to(device)
        x = torch.cat([xs, xt])
        dom_labels = torch.cat([torch.zeros(len(xs)), torch.ones(len(xt))]).to(device)
        with torch.autocast(device.type, dtype=state.amp_dtype):
            feats, logits, dom_logits = model(x, args.grl_lambda)
            fs, ft = feats[: len(xs)], feats[len(xs):]
            cls_loss = F.cross_entropy(logits[: len(xs)], ys)
            dom_loss = F.binary_cross_entropy_with_logits(dom_logits.squeeze(1), dom_labels)
            protos = class_means(fs, ys, logits.size(1))
            proto_loss = 1 - F.cosine_similarity(protos[ys], fs, dim=1).mean()
        white = whitening_penalty(ft, bank.contents())
        loss = cls_loss.float() + dom_loss.float() + 0.1 * proto_loss.float() + args.whiten_weight * white
        state.optimizer.zero_grad(set_to_none=True)
        state.scaler.scale(loss).backward()
        state.scaler.unscale_(state.optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), 2.0)
        state.scaler.step(state.optimizer)
        state.scaler.update()
        bank.push(ft)
        state.step += 1
        for k, v in (("loss", loss), ("cls", cls_loss), ("dom", dom_loss), ("white", white)):
            sums[k] += v.item()
        n += 1
    out = {k: v / n for k, v in sums.items()}
    out["scale"] = state.scaler.get_scale()
    return out


@torch.no_grad()
def target_accuracy(model, target, device):
    model.eval()
    x, y = target.tensors
    _, logits, _ = model(x.to(device))
    return (logits.argmax(-1).cpu() == y).float().mean().item()
