import torch
import torch.nn as nn


class LogReg(nn.Module):
    def __init__(self, ft_in, nb_classes):
        super(LogReg, self).__init__()
        self.fc = nn.Linear(ft_in, nb_classes)

    def forward(self, seq):
        return self.fc(seq)


def evaluate(embeds, ratio, idx_train, idx_val, idx_test, label, nb_classes, device, dataset, lr, wd):
    hid_units = embeds.shape[1]
    xent = nn.CrossEntropyLoss()
    train_embs, test_embs = embeds[idx_train], embeds[idx_test]
    train_lbls = torch.argmax(label[idx_train], dim=-1)
    test_lbls = torch.argmax(label[idx_test], dim=-1)
    log = LogReg(hid_units, nb_classes).to(device)
    opt = torch.optim.Adam(log.parameters(), lr=lr, weight_decay=wd)
    for _ in range(100):
        log.train()
        opt.zero_grad()
        loss = xent(log(train_embs), train_lbls)
        loss.backward()
        opt.step()
    log.eval()
    preds = torch.argmax(log(test_embs), dim=1)
    acc = (preds == test_lbls).float().mean().item()
    print("\t[Classification] ratio {} test acc {:.4f}".format(ratio, acc))
