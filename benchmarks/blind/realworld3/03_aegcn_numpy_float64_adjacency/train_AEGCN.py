import argparse
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from data_utils import ABSADataset, build_embedding_matrix
from models.aegcn import AEGCN


class Instructor:
    def __init__(self, opt):
        self.opt = opt
        self.trainset = ABSADataset(240, opt.max_len, opt.vocab_size, seed=1)
        self.testset = ABSADataset(80, opt.max_len, opt.vocab_size, seed=2)
        embedding_matrix = build_embedding_matrix(opt.vocab_size, opt.embed_dim)
        self.model = AEGCN(embedding_matrix, opt).to(opt.device)
        self.inputs_cols = ["text_indices", "aspect_span", "text_len", "dependency_graph"]

    def _evaluate_acc(self, loader):
        self.model.eval()
        n_correct, n_total = 0, 0
        with torch.no_grad():
            for batch in loader:
                inputs = [batch[col].to(self.opt.device) for col in self.inputs_cols]
                outputs = self.model(inputs)
                n_correct += (outputs.argmax(-1) == batch["polarity"]).sum().item()
                n_total += len(outputs)
        return n_correct / n_total

    def _train(self, criterion, optimizer):
        train_loader = DataLoader(self.trainset, batch_size=self.opt.batch_size, shuffle=True)
        test_loader = DataLoader(self.testset, batch_size=self.opt.batch_size)
        max_test_acc = 0
        for epoch in range(self.opt.num_epoch):
            self.model.train()
            for i_batch, sample_batched in enumerate(train_loader):
                optimizer.zero_grad()
                inputs = [sample_batched[col].to(self.opt.device) for col in self.inputs_cols]
                outputs = self.model(inputs)
                targets = sample_batched["polarity"].to(self.opt.device)
                loss = criterion(outputs, targets)
                loss.backward()
                optimizer.step()
            test_acc = self._evaluate_acc(test_loader)
            max_test_acc = max(max_test_acc, test_acc)
            print(f"epoch {epoch}: loss {loss.item():.4f}, test_acc {test_acc:.4f}")
        return max_test_acc

    def run(self):
        criterion = nn.CrossEntropyLoss()
        params = filter(lambda p: p.requires_grad, self.model.parameters())
        optimizer = torch.optim.Adam(params, lr=self.opt.learning_rate, weight_decay=self.opt.l2reg)
        max_test_acc = self._train(criterion, optimizer)
        print("max_test_acc: {0}".format(max_test_acc))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--learning_rate", default=0.001, type=float)
    parser.add_argument("--l2reg", default=0.00001, type=float)
    parser.add_argument("--num_epoch", default=2, type=int)
    parser.add_argument("--batch_size", default=32, type=int)
    parser.add_argument("--embed_dim", default=50, type=int)
    parser.add_argument("--hidden_dim", default=50, type=int)
    parser.add_argument("--polarities_dim", default=3, type=int)
    parser.add_argument("--max_len", default=30, type=int)
    parser.add_argument("--vocab_size", default=500, type=int)
    opt = parser.parse_args()
    opt.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(776)
    ins = Instructor(opt)
    ins.run()
