import torch
import torch.nn as nn


def loss_fn(outputs, targets):
    return nn.BCEWithLogitsLoss()(outputs, targets.view(-1, 1))


def train_fn(data_loader, model, optimizer, scheduler):
    model.train()
    for bi, d in enumerate(data_loader):
        ids = d["ids"]
        token_type_ids = d["token_type_ids"]
        mask = d["mask"]
        targets = d["targets"]

        optimizer.zero_grad()
        outputs = model(ids=ids, mask=mask, token_type_ids=token_type_ids)
        loss = loss_fn(outputs, targets)
        loss.backward()
        optimizer.step()
        scheduler.step()


def eval_fn(data_loader, model):
    model.eval()
    fin_targets, fin_outputs = [], []
    with torch.no_grad():
        for bi, d in enumerate(data_loader):
            outputs = model(ids=d["ids"], mask=d["mask"], token_type_ids=d["token_type_ids"])
            fin_targets.extend(d["targets"].tolist())
            fin_outputs.extend(torch.sigmoid(outputs).view(-1).tolist())
    return fin_outputs, fin_targets
