import torch
from torch.utils.data import DataLoader, random_split


class Trainer:
    def __init__(self, model, dataset, collate_fn, batch_size=8, lr=5e-3, epochs=3, seed=0):
        self.model = model
        self.epochs = epochs
        g = torch.Generator().manual_seed(seed)
        n_eval = len(dataset) // 5
        train_ds, eval_ds = random_split(dataset, [len(dataset) - n_eval, n_eval], generator=g)
        self.train_loader = DataLoader(train_ds, batch_size=batch_size, shuffle=True, collate_fn=collate_fn,
                                       generator=g)
        self.eval_loader = DataLoader(eval_ds, batch_size=batch_size, collate_fn=collate_fn)
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=lr)

    def compute_loss(self, model, inputs):
        outputs = model(**inputs)
        return outputs['loss']

    def evaluate(self):
        self.model.eval()
        correct, total = 0, 0
        with torch.no_grad():
            for inputs in self.eval_loader:
                logits = self.model(inputs['input_ids'], inputs['offsets'])['logits']
                correct += (logits.argmax(-1) == inputs['labels']).sum().item()
                total += inputs['labels'].numel()
        return correct / total

    def train(self):
        for epoch in range(self.epochs):
            self.model.train()
            running = 0.0
            for step, inputs in enumerate(self.train_loader):
                loss = self.compute_loss(self.model, inputs)
                loss.backward()
                self.optimizer.step()
                self.optimizer.zero_grad()
                running += loss.item()
            print({'epoch': epoch, 'loss': round(running / (step + 1), 4), 'eval_accuracy': round(self.evaluate(), 4)})
