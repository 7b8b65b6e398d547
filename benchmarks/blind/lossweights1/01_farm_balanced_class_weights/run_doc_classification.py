import argparse
import logging

import torch

from farmlite.adaptive_model import AdaptiveModel, BagOfEmbeddingsLM
from farmlite.data_silo import DataSilo
from farmlite.prediction_head import TextClassificationHead
from farmlite.processor import TextClassificationProcessor
from farmlite.train import Trainer


def doc_classification(args):
    logging.basicConfig(format="%(asctime)s - %(levelname)s - %(name)s -   %(message)s", level=logging.INFO)
    torch.manual_seed(args.seed)

    label_list = ["OTHER", "OFFENSE", "INSULT"]
    processor = TextClassificationProcessor(max_seq_len=24, vocab_size=300, label_list=label_list)
    data_silo = DataSilo(processor=processor, batch_size=args.batch_size, seed=args.seed)

    language_model = BagOfEmbeddingsLM(vocab_size=300, hidden=args.hidden)
    prediction_head = TextClassificationHead(
        class_weights=data_silo.calculate_class_weights(task_name="text_classification"),
        layer_dims=[args.hidden, len(label_list)])
    model = AdaptiveModel(language_model=language_model, prediction_heads=[prediction_head],
                          embeds_dropout_prob=0.1)

    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    trainer = Trainer(model=model, optimizer=optimizer, data_silo=data_silo, epochs=args.n_epochs)
    trainer.train()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch_size", type=int, default=16)
    parser.add_argument("--n_epochs", type=int, default=3)
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--lr", type=float, default=5e-3)
    parser.add_argument("--seed", type=int, default=42)
    doc_classification(parser.parse_args())
