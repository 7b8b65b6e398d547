import argparse
import json

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from src import utils
from src.data_loader import MyDataset
from src.model import CharacterLevelCNN


def train(model, training_generator, optimizer, criterion, epoch, print_every=5):
    model.train()
    losses, accuracies = [], []
    for iter, batch in enumerate(training_generator):
        features, labels = batch
        optimizer.zero_grad()
        predictions = model(features)
        loss = criterion(predictions, labels)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
        accuracies.append((predictions.argmax(1) == labels).float().mean().item())
        if (iter % print_every == 0) and (iter > 0):
            print("[Training - Epoch: {}] , Iteration: {}/{} , Loss: {:.4f} , Acc: {:.3f}".format(
                epoch + 1, iter + 1, len(training_generator), np.mean(losses), np.mean(accuracies)))
    return np.mean(losses), np.mean(accuracies)


def evaluate(model, validation_generator, criterion):
    model.eval()
    losses, accuracies = [], []
    with torch.no_grad():
        for features, labels in validation_generator:
            predictions = model(features)
            losses.append(criterion(predictions, labels).item())
            accuracies.append((predictions.argmax(1) == labels).float().mean().item())
    return np.mean(losses), np.mean(accuracies)


def run(args):
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    with open(args.config_path) as f:
        config = json.load(f)

    texts, labels, number_of_classes = utils.load_data(args)
    idx = np.random.permutation(len(texts))
    split = int(len(idx) * (1 - args.validation_split))
    train_idx, val_idx = idx[:split], idx[split:]

    training_set = MyDataset([texts[i] for i in train_idx], labels[train_idx], args)
    validation_set = MyDataset([texts[i] for i in val_idx], labels[val_idx], args)

    training_generator = DataLoader(training_set, batch_size=args.batch_size, shuffle=True,
                                    num_workers=args.workers, drop_last=True)
    validation_generator = DataLoader(validation_set, batch_size=args.batch_size, shuffle=False,
                                      num_workers=args.workers)

    model = CharacterLevelCNN(args, number_of_classes, config['model_parameters'][args.size])
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=args.learning_rate)

    for epoch in range(args.epochs):
        training_loss, training_accuracy = train(model, training_generator, optimizer, criterion, epoch)
        validation_loss, validation_accuracy = evaluate(model, validation_generator, criterion)
        print('[Epoch: {} / {}]\ttrain_loss: {:.4f} \ttrain_acc: {:.4f} \tval_loss: {:.4f} \tval_acc: {:.4f}'.format(
            epoch + 1, args.epochs, training_loss, training_accuracy, validation_loss, validation_accuracy))


if __name__ == "__main__":
    with open('config.json') as f:
        defaults = json.load(f)
    parser = argparse.ArgumentParser('Character Based CNN for text classification')
    parser.add_argument('--data_path', type=str, default='./data/reviews.csv')
    parser.add_argument('--validation_split', type=float, default=0.2)
    parser.add_argument('--label_column', type=str, default=defaults['data']['label_column'])
    parser.add_argument('--text_column', type=str, default=defaults['data']['text_column'])
    parser.add_argument('--max_length', type=int, default=defaults['data']['max_length'])
    parser.add_argument('--group_labels', type=int, default=1, choices=[0, 1])
    parser.add_argument('--config_path', type=str, default='./config.json')
    parser.add_argument('--size', type=str, choices=['small'], default='small')
    parser.add_argument('--number_of_characters', type=int, default=69)
    parser.add_argument('--dropout_input', type=float, default=0.1)
    parser.add_argument('--epochs', type=int, default=defaults['training']['epochs'])
    parser.add_argument('--batch_size', type=int, default=defaults['training']['batch_size'])
    parser.add_argument('--learning_rate', type=float, default=defaults['training']['learning_rate'])
    parser.add_argument('--workers', type=int, default=defaults['data']['num_workers'])
    parser.add_argument('--seed', type=int, default=42)
    args = parser.parse_args()
    run(args)
