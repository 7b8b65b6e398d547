import torch


class DenoiseTrainer:
    def __init__(self, model, criterion, lr=1e-3):
        self.model = model
        self.criterion = criterion
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)

    def fit(self, noisy, clean, epochs=3, batch_size=32):
        n = len(noisy)
        for epoch in range(epochs):
            self.model.train()
            perm = torch.randperm(n)
            epoch_loss = 0.0
            for i in range(0, n, batch_size):
                idx = perm[i:i + batch_size]
                out = self.model(noisy[idx])
                loss = self.criterion(out, clean[idx])
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                epoch_loss += loss.item() * len(idx)
            print(f"Epoch [{epoch + 1}/{epochs}], Loss: {epoch_loss / n:.5f}")
