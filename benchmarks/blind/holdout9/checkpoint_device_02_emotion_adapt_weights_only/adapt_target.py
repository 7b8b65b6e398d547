"""Stage 2: adapt the source model to a small in-the-wild call-centre set (head + last block)."""
import torch
from torch.utils.data import DataLoader, TensorDataset

import train_source
from ser.features import utterance_stats, Standardizer, EMOTIONS
from ser.model import EmotionMLP
from ser.loops import fit, accuracy
from ser.utils.ckpt import load_checkpoint


def main():
    ckpt_path = train_source.main()
    ckpt = load_checkpoint(ckpt_path)
    norm = Standardizer.from_state(ckpt["normalizer"])

    x, y = utterance_stats(400, seed=1, domain_shift=0.3)
    xt = torch.tensor(norm.transform(x), dtype=torch.float32)
    yt = torch.as_tensor(y)
    train_x, test_x, train_y, test_y = xt[:320], xt[320:], yt[:320], yt[320:]

    model = EmotionMLP(x.shape[1], len(ckpt["meta"]["emotions"]))
    model.load_state_dict(ckpt["model"])
    print(f"zero-shot target acc {accuracy(model, test_x, test_y):.3f}")
    for p in model.backbone[:4].parameters():
        p.requires_grad_(False)
    loader = DataLoader(TensorDataset(train_x, train_y), batch_size=32, shuffle=True)
    fit(model, loader, [p for p in model.parameters() if p.requires_grad], lr=5e-4, epochs=2, tag="adapt")
    print(f"adapted target acc {accuracy(model, test_x, test_y):.3f}")


if __name__ == "__main__":
    main()
