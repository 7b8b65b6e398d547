import torch


class Trainer:
    def __init__(self, max_epochs=10):
        self.max_epochs = max_epochs

    def fit(self, model, datamodule):
        datamodule.setup()
        optimizer = model.configure_optimizers()
        for epoch in range(self.max_epochs):
            model.train()
            total = 0.0
            n = 0
            for batch in datamodule.train_dataloader():
                optimizer.zero_grad()
                loss = model.training_step(batch)
                loss.backward()
                optimizer.step()
                total += loss.item()
                n += 1
            model.eval()
            val_loss, correct, seen = 0.0, 0, 0
            with torch.no_grad():
                for batch in datamodule.val_dataloader():
                    l, c = model.validation_step(batch)
                    val_loss += l
                    correct += c
                    seen += batch['features'].size(0)
            print(f'epoch {epoch}: train_loss={total / n:.4f} val_loss={val_loss / len(datamodule.val_dataloader()):.4f} '
                  f'val_acc={correct / seen:.3f}')
