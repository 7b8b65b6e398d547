import random

POS = ["great", "excellent", "loved", "wonderful", "superb", "fantastic", "enjoyed", "brilliant"]
NEG = ["terrible", "awful", "boring", "hated", "poor", "disappointing", "worst", "dull"]
FILLER = ("the movie plot actor scene story film was and a it of to with this that but very really "
          "quite some too lot director camera music ending character script time watch again").split()


def make_reviews(n, seed=0, min_len=20, max_len=90):
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        label = rnd.randint(0, 1)
        words = [rnd.choice(FILLER) for _ in range(rnd.randint(min_len, max_len))]
        cue = POS if label else NEG
        for _ in range(rnd.randint(2, 5)):
            words.insert(rnd.randrange(len(words)), rnd.choice(cue))
        out.append((" ".join(words), label))
    return out
