import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from dataset import SentimentDataset, build_word2idx, make_reviews
from model import SentimentLSTM

torch.manual_seed(0)

train_reviews = make_reviews(800, seed=0)
test_reviews = make_reviews(200, seed=1)
word2idx = build_word2idx(train_reviews)
print("vocab size:", len(word2idx))

train_loader = DataLoader(SentimentDataset(train_reviews, word2idx), batch_size=32, shuffle=True)
test_loader = DataLoader(SentimentDataset(test_reviews, word2idx), batch_size=32)

model = SentimentLSTM(len(word2idx))
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.005)

epochs = 2
clip = 5
for epoch in range(epochs):
    model.train()
    train_loss = 0
    for inputs, labels in train_loader:
        optimizer.zero_grad()
        output = model(inputs)
        loss = criterion(output, labels)
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), clip)
        optimizer.step()
        train_loss += loss.item()

    model.eval()
    correct = 0
    with torch.no_grad():
        for inputs, labels in test_loader:
            preds = model(inputs).argmax(dim=1)
            correct += (preds == labels.view(-1)).sum().item()
    print(f"Epoch {epoch+1}/{epochs}  loss: {train_loss/len(train_loader):.4f}  "
          f"test acc: {correct/len(test_reviews):.3f}")

torch.save(model.state_dict(), "sentiment_lstm.pt")
