import math
import time
import torch
import torch.nn as nn
from seq2seq.data import make_pairs, batches, PAD_IDX
from seq2seq.model import Encoder, Decoder, Seq2Seq

SEED = 1234
torch.manual_seed(SEED)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

INPUT_DIM = OUTPUT_DIM = 60
HID_DIM = 64
ENC_LAYERS = DEC_LAYERS = 2
ENC_HEADS = DEC_HEADS = 4
ENC_PF_DIM = DEC_PF_DIM = 128
ENC_DROPOUT = DEC_DROPOUT = 0.1
BATCH_SIZE = 32
N_EPOCHS = 2
CLIP = 1

train_data = make_pairs(160, INPUT_DIM, seed=1)
valid_data = make_pairs(32, INPUT_DIM, seed=2)

enc = Encoder(INPUT_DIM, HID_DIM, ENC_LAYERS, ENC_HEADS, ENC_PF_DIM, ENC_DROPOUT, device)
dec = Decoder(OUTPUT_DIM, HID_DIM, DEC_LAYERS, DEC_HEADS, DEC_PF_DIM, DEC_DROPOUT, device)
model = Seq2Seq(enc, dec, PAD_IDX, PAD_IDX, device).to(device)

optimizer = torch.optim.Adam(model.parameters(), lr=0.0005)
criterion = nn.CrossEntropyLoss(ignore_index=PAD_IDX)


def train(model, data, optimizer, criterion, clip):
    model.train()
    epoch_loss, n = 0, 0
    for src, trg in batches(data, BATCH_SIZE):
        src, trg = src.to(device), trg.to(device)
        optimizer.zero_grad()
        output = model(src, trg[:, :-1])
        output_dim = output.shape[-1]
        loss = criterion(output.contiguous().view(-1, output_dim), trg[:, 1:].contiguous().view(-1))
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
        optimizer.step()
        epoch_loss += loss.item()
        n += 1
    return epoch_loss / n


def evaluate(model, data, criterion):
    model.eval()
    epoch_loss, n = 0, 0
    with torch.no_grad():
        for src, trg in batches(data, BATCH_SIZE):
            src, trg = src.to(device), trg.to(device)
            output = model(src, trg[:, :-1])
            loss = criterion(output.reshape(-1, output.shape[-1]), trg[:, 1:].reshape(-1))
            epoch_loss += loss.item()
            n += 1
    return epoch_loss / n


for epoch in range(N_EPOCHS):
    start_time = time.time()
    train_loss = train(model, train_data, optimizer, criterion, CLIP)
    valid_loss = evaluate(model, valid_data, criterion)
    print(f"Epoch: {epoch+1:02} | Time: {time.time() - start_time:.1f}s")
    print(f"\tTrain Loss: {train_loss:.3f} | Train PPL: {math.exp(train_loss):7.3f}")
    print(f"\t Val. Loss: {valid_loss:.3f} |  Val. PPL: {math.exp(valid_loss):7.3f}")
