import argparse

import torch

from intentclf.configuration import ClassifierConfig
from intentclf.dataset import IntentDataset, collate_fn
from intentclf.modeling import BagOfEmbeddingsForSequenceClassification
from intentclf.trainer import Trainer


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--train_file', default='data/intents.csv')
    parser.add_argument('--per_device_train_batch_size', type=int, default=8)
    parser.add_argument('--learning_rate', type=float, default=5e-3)
    parser.add_argument('--num_train_epochs', type=int, default=3)
    parser.add_argument('--seed', type=int, default=42)
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    dataset = IntentDataset(args.train_file)
    config = ClassifierConfig(vocab_size=len(dataset.vocab), num_labels=len(dataset.id2label),
                              id2label=dataset.id2label)
    model = BagOfEmbeddingsForSequenceClassification(config)
    trainer = Trainer(model, dataset, collate_fn, batch_size=args.per_device_train_batch_size,
                      lr=args.learning_rate, epochs=args.num_train_epochs, seed=args.seed)
    trainer.train()


if __name__ == '__main__':
    main()
