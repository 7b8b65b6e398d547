import argparse

import torch

from llm.model import CharLM
from llm.trainer import Trainer

TEXT = (
    "the quick brown fox jumps over the lazy dog while the cat sleeps on the warm mat "
    "and the bird sings a song about rivers mountains and the long road home "
)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--precision", default="amp_bf16", choices=["fp32", "amp_bf16", "amp_fp16"])
    p.add_argument("--max_steps", type=int, default=6)
    p.add_argument("--eval_interval", type=int, default=3)
    args = p.parse_args()

    torch.manual_seed(0)
    text = TEXT * 40
    chars = sorted(set(text))
    stoi = {c: i for i, c in enumerate(chars)}
    data = torch.tensor([stoi[c] for c in text], dtype=torch.long)
    n = int(0.9 * len(data))
    model = CharLM(len(chars))
    trainer = Trainer(model, data[:n], data[n:], precision=args.precision)
    trainer.fit(args.max_steps, args.eval_interval)


if __name__ == "__main__":
    main()
