import random

import torch

TAGS = ["O", "B-PER", "I-PER", "B-LOC", "I-LOC", "B-ORG", "I-ORG"]


def make_corpus(n_sentences=96, vocab_size=1000, seed=13):
    rnd = random.Random(seed)
    sentences = []
    for _ in range(n_sentences):
        n_words = rnd.randint(5, 14)
        words, tags = [], []
        for _ in range(n_words):
            n_pieces = rnd.choice([1, 1, 1, 2, 3])
            words.append([rnd.randint(1, vocab_size - 1) for _ in range(n_pieces)])
            tags.append(rnd.randrange(len(TAGS)))
        sentences.append((words, tags))
    return sentences


def collate(sentences):
    max_pieces = max(sum(len(w) for w in words) for words, _ in sentences)
    max_words = max(len(words) for words, _ in sentences)
    B = len(sentences)
    input_ids = torch.zeros(B, max_pieces, dtype=torch.long)
    attention_mask = torch.zeros(B, max_pieces, dtype=torch.bool)
    word_ids = torch.full((B, max_pieces), -1, dtype=torch.long)
    labels = torch.full((B, max_words), -100, dtype=torch.long)
    token_lengths = torch.zeros(B, dtype=torch.long)
    for b, (words, tags) in enumerate(sentences):
        pos = 0
        for w, pieces in enumerate(words):
            for p in pieces:
                input_ids[b, pos] = p
                attention_mask[b, pos] = True
                word_ids[b, pos] = w
                pos += 1
        labels[b, :len(tags)] = torch.tensor(tags)
        token_lengths[b] = len(words)
    return {"input_ids": input_ids, "attention_mask": attention_mask, "word_ids": word_ids,
            "labels": labels, "token_lengths": token_lengths}
