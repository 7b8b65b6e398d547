import argparse
from argparse import Namespace

import torch
from model import TinyEncoder
from training_module import TrainingModule


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch_size", type=int, default=32)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--lr", type=float, default=2e-4)
    parser.add_argument("--warmup_steps", type=int, default=5)
    parser.add_argument("--accumulate_grad_batches", type=int, default=1)
    args = parser.parse_args()
    hparams = Namespace(**vars(args))

    torch.manual_seed(42)
    bert = TinyEncoder()
    module = TrainingModule(bert_model=bert, hparams=hparams)
    optimizer, scheduler = module.configure_optimizers()

    for epoch in range(hparams.epochs):
        module.train()
        for batch_idx, batch in enumerate(module.train_dataloader()):
            out = module.training_step(batch, batch_idx)
            out["loss"].backward()
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad()
            if batch_idx % 5 == 0:
                print(f"epoch {epoch} step {batch_idx} loss {out['loss'].item():.4f}")

        module.eval()
        with torch.no_grad():
            outputs = [module.validation_step(b, i) for i, b in enumerate(module.val_dataloader())]
        print(f"epoch {epoch} valid_loss {module.validation_end(outputs)['valid_loss'].item():.4f}")


if __name__ == "__main__":
    main()
