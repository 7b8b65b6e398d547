import random

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

import config
from model import Seq2Seq
from preprocessing import make_squad_like, Vocab, SquadDataset

random.seed(0)
torch.manual_seed(0)
device = torch.device("cuda" if config.cuda and torch.cuda.is_available() else "cpu")

pairs = make_squad_like()
vocab = Vocab([s for s, _ in pairs] + [q for _, q in pairs], config.min_word_count)
n_valid = len(pairs) // 10
train_set = SquadDataset(pairs[n_valid:], vocab, config.max_len_sentence, config.max_len_question)
valid_set = SquadDataset(pairs[:n_valid], vocab, config.max_len_sentence, config.max_len_question)
train_loader = DataLoader(train_set, batch_size=config.batch_size, shuffle=True, drop_last=True)
valid_loader = DataLoader(valid_set, batch_size=config.batch_size)

model = Seq2Seq(len(vocab), config.hidden_size, config.n_layers, config.dropout).to(device)
optimizer = torch.optim.Adam(model.parameters(), lr=config.learning_rate)
criterion = nn.CrossEntropyLoss(ignore_index=0)

for epoch in range(config.num_epochs):
    model.train()
    total = 0.0
    for i, (sentence, question) in enumerate(train_loader):
        sentence, question = sentence.to(device), question.to(device)
        pred = model(sentence, question)
        loss = criterion(pred.view(-1, pred.size(2)), question.view(-1))
        optimizer.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        optimizer.step()
        total += loss.item()
    print("Epoch {} train loss {:.4f}".format(epoch + 1, total / len(train_loader)))
print("Training finished")
