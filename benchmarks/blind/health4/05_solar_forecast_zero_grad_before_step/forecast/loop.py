import torch

from .utils.optim import backward_and_step


class Trainer:
    def __init__(self, max_epochs=3, gradient_clip_val=None, log_every_n_steps=50):
        self.max_epochs = max_epochs
        self.gradient_clip_val = gradient_clip_val
        self.log_every_n_steps = log_every_n_steps
        self.global_step = 0

    def fit(self, module, dm):
        torch.manual_seed(0)
        dm.setup()
        optimizer = module.configure_optimizers()
        for epoch in range(self.max_epochs):
            module.train()
            for batch_idx, batch in enumerate(dm.train_dataloader()):
                loss = module.training_step(batch, batch_idx)
                backward_and_step(loss, optimizer, module.parameters(), self.gradient_clip_val)
                self.global_step += 1
                if self.global_step % self.log_every_n_steps == 0:
                    print(f"Epoch {epoch}: step {self.global_step} train_loss={loss.item():.4f}")
            module.eval()
            with torch.no_grad():
                total, n = 0.0, 0
                for batch_idx, batch in enumerate(dm.val_dataloader()):
                    total += module.validation_step(batch, batch_idx).item()
                    n += len(batch[0])
            print(f"Epoch {epoch}: val_loss={total / n:.4f}")
