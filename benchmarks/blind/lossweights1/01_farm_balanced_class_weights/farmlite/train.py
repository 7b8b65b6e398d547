import logging

import torch

logger = logging.getLogger(__name__)


class Trainer:
    def __init__(self, model, optimizer, data_silo, epochs, evaluate_every=0):
        self.model = model
        self.optimizer = optimizer
        self.data_silo = data_silo
        self.epochs = epochs
        self.evaluate_every = evaluate_every
        self.global_step = 0

    def train(self):
        train_loader = self.data_silo.get_data_loader("train")
        for epoch in range(1, self.epochs + 1):
            self.model.train()
            total = 0.0
            for input_ids, label_ids in train_loader:
                logits = self.model.forward(input_ids=input_ids)
                per_sample_loss = self.model.logits_to_loss(logits=logits, label_ids=label_ids,
                                                            global_step=self.global_step)
                loss = per_sample_loss.mean()
                loss.backward()
                self.optimizer.step()
                self.optimizer.zero_grad()
                self.global_step += 1
                total += loss.item()
            logger.info("epoch %d  train loss %.4f  dev acc %.3f", epoch, total / len(train_loader),
                        self.evaluate())
        return self.model

    @torch.no_grad()
    def evaluate(self):
        self.model.eval()
        correct = n = 0
        for input_ids, label_ids in self.data_silo.get_data_loader("dev"):
            logits = self.model(input_ids)[0]
            correct += (self.model.prediction_heads[0].logits_to_preds(logits) == label_ids).sum().item()
            n += len(label_ids)
        self.model.train()
        return correct / n
