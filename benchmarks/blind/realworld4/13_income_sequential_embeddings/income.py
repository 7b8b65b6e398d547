import torch
from torch import nn
from torch.utils.data import TensorDataset, DataLoader

from data import load_income
from model import incomemodel

torch.manual_seed(42)
x, y = load_income()

proportion = int(0.8 * len(x))
x_train, y_train = x[:proportion], y[:proportion]
x_test, y_test = x[proportion:], y[proportion:]

BATCH_SIZE = 256
train_dataset = TensorDataset(torch.LongTensor(x_train.type(torch.int64)), torch.LongTensor(y_train.type(torch.int64)))
train_dataloader = DataLoader(dataset=train_dataset, batch_size=BATCH_SIZE, shuffle=True)
test_dataset = TensorDataset(torch.LongTensor(x_test.type(torch.int64)), torch.LongTensor(y_test.type(torch.int64)))
test_dataloader = DataLoader(dataset=test_dataset, batch_size=BATCH_SIZE, shuffle=True)

model_0 = incomemodel()
loss_fn = nn.BCEWithLogitsLoss()
optimizer = torch.optim.Adam(params=model_0.parameters(), lr=0.001)

epochs = 5
for epoch in range(epochs):
    model_0.train()
    train_loss = 0
    for X, Y in train_dataloader:
        y_logits = model_0(X).squeeze(1)
        loss = loss_fn(y_logits, Y.float())
        train_loss += loss.item()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()

    model_0.eval()
    correct, total = 0, 0
    with torch.inference_mode():
        for X, Y in test_dataloader:
            preds = (torch.sigmoid(model_0(X).squeeze(1)) > 0.5).long()
            correct += (preds == Y).sum().item()
            total += len(Y)
    print(f"Epoch: {epoch} | Train loss: {train_loss / len(train_dataloader):.4f} | Test acc: {correct / total:.3f}")
