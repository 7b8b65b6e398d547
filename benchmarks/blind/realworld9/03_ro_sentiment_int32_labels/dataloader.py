import numpy as np
import torch
from dataset import SentimentDataset
from imbalanced_sampler import ImbalancedDatasetSampler
from torch.utils.data import DataLoader


class SentimentDataLoaders:
    def __init__(self, hparams):
        data = np.load("./ro/train.npz")
        # TRAIN/VAL/TEST DATA
        self.train_df = {"ids": data["ids"][:480], "labels": data["labels"][:480]}
        self.validation_df = {"ids": data["ids"][480:], "labels": data["labels"][480:]}
        test = np.load("./ro/test.npz")
        self.test_df = {"ids": test["ids"], "labels": test["labels"]}
        self.hparams = hparams
        self.train, self.valid, self.test = self.generate_bert_dataloaders()

    def generate_bert_dataloaders(self):

        # train dataloader
        train_sampler = ImbalancedDatasetSampler(self.train_df, generator=torch.Generator().manual_seed(42))
        train_dataset = SentimentDataset(self.train_df)
        train_dataloader = DataLoader(
                                train_dataset,
                                batch_size=self.hparams.batch_size,
                                shuffle=False,
                                sampler=train_sampler
                                )

        # valid dataloader
        valid_dataset = SentimentDataset(self.validation_df)
        valid_dataloader = DataLoader(
                                valid_dataset,
                                batch_size=self.hparams.batch_size,
                                shuffle=False
                                )

        # test dataloader
        test_dataset = SentimentDataset(self.test_df)
        test_dataloader = DataLoader(
                            test_dataset,
                            batch_size=self.hparams.batch_size,
                            shuffle=True
                            )

        return train_dataloader, valid_dataloader, test_dataloader
