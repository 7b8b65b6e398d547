import yaml
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from dan.data import TopicDocs
from dan.model import DeepAveragingNetwork


def main():
    cfg = yaml.safe_load(open("dan.yaml"))
    torch.manual_seed(cfg["seed"])
    train = TopicDocs(cfg["num_docs"], cfg["vocab_size"], cfg["seq_len"], cfg["num_topics"], seed=cfg["seed"])
    loader = DataLoader(train, batch_size=cfg["batch_size"], shuffle=True)
    model = DeepAveragingNetwork(cfg["vocab_size"], cfg["dim"], cfg["num_topics"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        model.train()
        total, correct = 0.0, 0
        for tokens, labels in loader:
            logits = model(tokens)
            loss = F.cross_entropy(logits, labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(labels)
            correct += (logits.argmax(1) == labels).sum().item()
        print(f"epoch {epoch}: loss {total / len(train):.4f} acc {correct / len(train):.3f}")


if __name__ == "__main__":
    main()
