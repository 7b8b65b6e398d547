import torch


def random_token_stream(vocab, batch_size, seq_len, steps):
    for _ in range(steps):
        seq = torch.randint(0, vocab, (batch_size, seq_len + 1))
        yield seq[:, :-1], seq[:, 1:]
