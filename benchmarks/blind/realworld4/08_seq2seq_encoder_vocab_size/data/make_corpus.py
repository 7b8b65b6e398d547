import os
import random

EN_WORDS = ["the", "a", "man", "woman", "dog", "cat", "child", "house", "car", "ball",
            "sees", "has", "likes", "eats", "big", "small", "red", "green", "old", "young"]
# German side: same meaning, but articles / adjectives are inflected (more word forms)
DE_FORMS = {
    "the": ["der", "die", "das", "den", "dem"], "a": ["ein", "eine", "einen", "einem"],
    "man": ["mann"], "woman": ["frau"], "dog": ["hund"], "cat": ["katze"], "child": ["kind"],
    "house": ["haus"], "car": ["auto"], "ball": ["ball"], "sees": ["sieht"], "has": ["hat"],
    "likes": ["mag"], "eats": ["isst"], "big": ["gross", "grosse", "grosser", "grosses", "grossen"],
    "small": ["klein", "kleine", "kleiner", "kleines", "kleinen"],
    "red": ["rot", "rote", "roter", "rotes", "roten"], "green": ["gruen", "gruene", "gruener", "gruenes", "gruenen"],
    "old": ["alt", "alte", "alter", "altes", "alten"], "young": ["jung", "junge", "junger", "junges", "jungen"],
}
NOUNS = ["man", "woman", "dog", "cat", "child", "house", "car", "ball"]
ADJS = ["big", "small", "red", "green", "old", "young"]
VERBS = ["sees", "has", "likes", "eats"]


def make_multi30k_like(root, n_train=1200, n_valid=100, seed=0):
    os.makedirs(root, exist_ok=True)
    if os.path.exists(os.path.join(root, "train.de")):
        return
    rnd = random.Random(seed)

    def sent():
        en = [rnd.choice(["the", "a"]), rnd.choice(ADJS), rnd.choice(NOUNS), rnd.choice(VERBS),
              rnd.choice(["the", "a"]), rnd.choice(NOUNS)]
        de = [rnd.choice(DE_FORMS[w]) for w in en]
        return " ".join(de), " ".join(en)

    for split, n in (("train", n_train), ("val", n_valid)):
        pairs = [sent() for _ in range(n)]
        with open(os.path.join(root, split + ".de"), "w") as f:
            f.write("\n".join(p[0] for p in pairs) + "\n")
        with open(os.path.join(root, split + ".en"), "w") as f:
            f.write("\n".join(p[1] for p in pairs) + "\n")
