import argparse
import torch
import torch.nn as nn
from torch.utils.data import TensorDataset, DataLoader, RandomSampler


class TinyEncoderForSequenceClassification(nn.Module):
    def __init__(self, vocab_size, hidden_size, num_labels):
        super().__init__()
        self.embeddings = nn.Embedding(vocab_size, hidden_size, padding_idx=0)
        layer = nn.TransformerEncoderLayer(hidden_size, nhead=2, dim_feedforward=64, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=1)
        self.classifier = nn.Linear(hidden_size, num_labels)
        self.num_labels = num_labels

    def forward(self, input_ids, attention_mask=None, labels=None):
        h = self.encoder(self.embeddings(input_ids), src_key_padding_mask=(attention_mask == 0))
        logits = self.classifier(h[:, 0])
        loss = None
        if labels is not None:
            loss_fct = nn.CrossEntropyLoss()
            loss = loss_fct(logits.view(-1, self.num_labels), labels.view(-1))
        return loss, logits


def load_dataset(n=64, seq_len=16, vocab_size=100, n_intents=18):
    g = torch.Generator().manual_seed(0)
    input_ids = torch.randint(1, vocab_size, (n, seq_len), generator=g)
    attention_mask = torch.ones(n, seq_len, dtype=torch.long)
    labels = torch.arange(n) % n_intents
    return TensorDataset(input_ids, attention_mask, labels)


def finetune_mode(args, num_labels=18):
    model = TinyEncoderForSequenceClassification(args.vocab_size, 32, num_labels)
    train_data = load_dataset(vocab_size=args.vocab_size)
    train_dataloader = DataLoader(train_data, sampler=RandomSampler(train_data), batch_size=args.batch_size)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        model.train()
        total_loss = 0
        for step, batch in enumerate(train_dataloader):
            b_input_ids, b_input_mask, b_labels = batch
            model.zero_grad()
            loss, logits = model(b_input_ids, attention_mask=b_input_mask, labels=b_labels)
            total_loss += loss.item()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
        print("epoch {} avg train loss {:.4f}".format(epoch, total_loss / len(train_dataloader)))
    return model


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--vocab_size', type=int, default=100)
    parser.add_argument('--batch_size', type=int, default=16)
    parser.add_argument('--lr', type=float, default=2e-4)
    parser.add_argument('--epochs', type=int, default=2)
    args = parser.parse_args()
    torch.manual_seed(42)
    finetune_mode(args)
