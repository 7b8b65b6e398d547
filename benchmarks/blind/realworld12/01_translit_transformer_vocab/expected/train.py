import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from dataset import TextDataset, make_pairs, tokenize
from transformer import Transformer
from vocab import (english_to_index, kannada_to_index, kannada_vocabulary,
                   english_vocabulary, PADDING_TOKEN)

torch.manual_seed(0)

d_model = 32
batch_size = 16
ffn_hidden = 64
num_heads = 4
drop_prob = 0.1
num_layers = 1
max_sequence_length = 24
en_vocab_size = len(english_to_index)
kn_vocab_size = len(kannada_to_index)

pairs = make_pairs(160)
english_sentences = [p[0] for p in pairs]
kannada_sentences = [p[1] for p in pairs]

transformer = Transformer(d_model, ffn_hidden, num_heads, drop_prob, num_layers,
                          max_sequence_length, en_vocab_size, kn_vocab_size)

dataset = TextDataset(english_sentences, kannada_sentences)
train_loader = DataLoader(dataset, batch_size=batch_size, shuffle=True)

criterion = nn.CrossEntropyLoss(ignore_index=kannada_to_index[PADDING_TOKEN], reduction='mean')
optim = torch.optim.Adam(transformer.parameters(), lr=3e-3)

num_epochs = 3
for epoch in range(num_epochs):
    print(f"Epoch {epoch}")
    transformer.train()
    total = 0.0
    for batch_num, (eng_batch, kn_batch) in enumerate(train_loader):
        src = torch.stack([tokenize(s, english_to_index, max_sequence_length, False, False) for s in eng_batch])
        tgt_full = torch.stack([tokenize(s, kannada_to_index, max_sequence_length + 1, True, True) for s in kn_batch])
        tgt_in, labels = tgt_full[:, :-1], tgt_full[:, 1:]
        src_pad = src == english_to_index[PADDING_TOKEN]
        tgt_pad = tgt_in == kannada_to_index[PADDING_TOKEN]
        optim.zero_grad()
        kn_predictions = transformer(src, tgt_in, src_key_padding_mask=src_pad,
                                     tgt_key_padding_mask=tgt_pad)
        loss = criterion(kn_predictions.reshape(-1, kn_vocab_size), labels.reshape(-1))
        loss.backward()
        optim.step()
        total += loss.item()
        if batch_num % 5 == 0:
            print(f"Iteration {batch_num} : {loss.item():.4f}")
    print(f"epoch {epoch} mean loss {total / (batch_num + 1):.4f}")
