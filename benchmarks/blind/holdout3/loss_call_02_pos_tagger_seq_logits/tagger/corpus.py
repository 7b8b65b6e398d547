import random

TAGS = ["<pad>", "DET", "NOUN", "VERB", "ADJ", "ADP", "PRON"]
LEXICON = {
    "DET": ["the", "a", "this", "every"],
    "NOUN": ["cat", "dog", "model", "gradient", "tensor", "river", "city"],
    "VERB": ["sees", "trains", "runs", "likes", "computes", "crosses"],
    "ADJ": ["small", "fast", "red", "deep", "noisy"],
    "ADP": ["in", "on", "over", "with"],
    "PRON": ["she", "it", "they", "we"],
}
TEMPLATES = [
    ["DET", "NOUN", "VERB", "DET", "NOUN"],
    ["DET", "ADJ", "NOUN", "VERB", "ADP", "DET", "NOUN"],
    ["PRON", "VERB", "DET", "ADJ", "NOUN"],
    ["PRON", "VERB", "ADP", "DET", "NOUN", "ADP", "DET", "ADJ", "NOUN"],
]


def sample_sentences(n, seed=0):
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        tags = list(rnd.choice(TEMPLATES))
        if rnd.random() < 0.5:
            tags += ["ADP", "DET", "NOUN"]
        words = [rnd.choice(LEXICON[t]) for t in tags]
        out.append((words, tags))
    return out


def build_vocab(sentences):
    vocab = {"<pad>": 0, "<unk>": 1}
    for words, _ in sentences:
        for w in words:
            vocab.setdefault(w, len(vocab))
    return vocab
