import argparse
import time

import torch
import torch.nn as nn
import torch.optim as optim
import yaml
from torch.utils.data import DataLoader

from data import build, collate_batch
from model import RNN

CRITERIA = {
    'bce_with_logits': nn.BCEWithLogitsLoss,
    'cross_entropy': nn.CrossEntropyLoss,
}


def categorical_accuracy(preds, y):
    top_pred = preds.argmax(1)
    correct = top_pred.eq(y.view_as(top_pred)).sum()
    return correct.float() / y.shape[0]


def train(model, iterator, optimizer, criterion):
    epoch_loss = 0
    epoch_acc = 0
    model.train()
    for batch in iterator:
        optimizer.zero_grad()
        predictions = model(batch['text'], batch['lengths']).squeeze(1)
        loss = criterion(predictions, batch['label'])
        acc = categorical_accuracy(predictions, batch['label'])
        loss.backward()
        optimizer.step()
        epoch_loss += loss.item()
        epoch_acc += acc.item()
    return epoch_loss / len(iterator), epoch_acc / len(iterator)


def evaluate(model, iterator, criterion):
    epoch_loss = 0
    epoch_acc = 0
    model.eval()
    with torch.no_grad():
        for batch in iterator:
            predictions = model(batch['text'], batch['lengths']).squeeze(1)
            loss = criterion(predictions, batch['label'])
            acc = categorical_accuracy(predictions, batch['label'])
            epoch_loss += loss.item()
            epoch_acc += acc.item()
    return epoch_loss / len(iterator), epoch_acc / len(iterator)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--config', default='config.yaml')
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)

    torch.manual_seed(cfg['train']['seed'])
    g = torch.Generator().manual_seed(cfg['train']['seed'])
    train_data, valid_data, vocab, label_encoder = build(
        cfg['data']['path'], cfg['data']['valid_ratio'], cfg['data']['max_vocab_size'], g)

    train_iterator = DataLoader(train_data, batch_size=cfg['train']['batch_size'], shuffle=True,
                                collate_fn=collate_batch)
    valid_iterator = DataLoader(valid_data, batch_size=cfg['train']['batch_size'], collate_fn=collate_batch)

    m = cfg['model']
    model = RNN(len(vocab), m['embedding_dim'], m['hidden_dim'], len(label_encoder),
                m['n_layers'], m['dropout'], pad_idx=0)
    optimizer = optim.Adam(model.parameters(), lr=cfg['train']['lr'])
    criterion = CRITERIA[cfg['train']['criterion']]()

    for epoch in range(cfg['train']['n_epochs']):
        start_time = time.time()
        train_loss, train_acc = train(model, train_iterator, optimizer, criterion)
        valid_loss, valid_acc = evaluate(model, valid_iterator, criterion)
        secs = time.time() - start_time
        print(f'Epoch: {epoch + 1:02} | Epoch Time: {secs:.1f}s')
        print(f'\tTrain Loss: {train_loss:.3f} | Train Acc: {train_acc * 100:.2f}%')
        print(f'\t Val. Loss: {valid_loss:.3f} |  Val. Acc: {valid_acc * 100:.2f}%')


if __name__ == '__main__':
    main()
