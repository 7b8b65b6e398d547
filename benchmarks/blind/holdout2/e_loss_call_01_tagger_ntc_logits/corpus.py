"""A toy POS-tagging corpus generated from templates."""
import random

TEMPLATES = [
    [("DET", ["the", "a", "every"]), ("ADJ", ["small", "red", "quick", "old"]), ("NOUN", ["dog", "cat", "car", "house"]),
     ("VERB", ["runs", "sleeps", "jumps", "waits"])],
    [("PRON", ["she", "he", "they"]), ("VERB", ["sees", "likes", "finds"]), ("DET", ["the", "a"]), ("NOUN", ["ball", "tree", "car"]),
     ("ADP", ["in", "near", "under"]), ("DET", ["the"]), ("NOUN", ["park", "garden", "house"])],
    [("NOUN", ["birds", "dogs", "kids"]), ("VERB", ["play", "sing", "run"]), ("ADV", ["quickly", "loudly", "often"]),
     ("PUNCT", ["!", "."])],
]
TAGS = ["<pad>", "DET", "ADJ", "NOUN", "VERB", "PRON", "ADP", "ADV", "PUNCT"]


def generate(n, seed=0):
    rng = random.Random(seed)
    sents = []
    for _ in range(n):
        tpl = rng.choice(TEMPLATES)
        words, tags = [], []
        for tag, choices in tpl:
            if tag == "ADJ" and rng.random() < 0.5:
                continue
            words.append(rng.choice(choices))
            tags.append(tag)
        sents.append((words, tags))
    return sents
