import torch
from torch import nn
import numpy as np
from utils import evaluate_model


class TextCNN(nn.Module):
    def __init__(self, config, vocab_size):
        super(TextCNN, self).__init__()
        self.config = config
        self.embeddings = nn.Embedding(vocab_size, self.config.embed_size)
        self.convs = nn.ModuleList([
            nn.Sequential(
                nn.Conv1d(self.config.embed_size, self.config.num_channels, k),
                nn.ReLU(),
                nn.MaxPool1d(self.config.max_sen_len - k + 1))
            for k in self.config.kernel_size])
        self.dropout = nn.Dropout(1 - self.config.dropout_keep)
        self.fc = nn.Linear(self.config.num_channels * len(self.config.kernel_size), self.config.output_size)
        self.softmax = nn.Softmax(dim=1)

    def forward(self, x):
        # x.shape = (batch_size, max_sen_len)
        embedded_sent = self.embeddings(x).permute(0, 2, 1)
        feats = [conv(embedded_sent).squeeze(2) for conv in self.convs]
        all_out = torch.cat(feats, 1)
        final_feature_map = self.dropout(all_out)
        return self.fc(final_feature_map)

    def add_optimizer(self, optimizer):
        self.optimizer = optimizer

    def add_loss_op(self, loss_op):
        self.loss_op = loss_op

    def run_epoch(self, train_iterator, val_iterator, epoch):
        train_losses = []
        losses = []
        for i, (x, y) in enumerate(train_iterator):
            self.optimizer.zero_grad()
            y_pred = self.__call__(x)
            loss = self.loss_op(y_pred, y)
            loss.backward()
            losses.append(loss.item())
            self.optimizer.step()
            if i % 5 == 0:
                avg_train_loss = np.mean(losses)
                train_losses.append(avg_train_loss)
                print("\tIter: {}, Average training loss: {:.5f}".format(i + 1, avg_train_loss))
                losses = []
        val_accuracy = evaluate_model(self, val_iterator)
        print("\tVal Accuracy: {:.4f}".format(val_accuracy))
        return train_losses, val_accuracy
