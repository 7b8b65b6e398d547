import random

POSITIVE = ["great", "excellent", "love", "perfect", "fantastic", "amazing", "recommend", "solid"]
NEGATIVE = ["terrible", "broken", "awful", "refund", "disappointed", "waste", "poor", "worst"]
NEUTRAL = ["product", "arrived", "box", "battery", "color", "size", "price", "shipping", "item",
           "seller", "quality", "works", "the", "it", "was", "and", "very", "not", "really", "after"]


def make_reviews(n, seed=0):
    """Return a list of (text, stars) with stars in 1..5, like the exported marketplace CSV."""
    rng = random.Random(seed)
    rows = []
    for _ in range(n):
        stars = rng.choices([1, 2, 3, 4, 5], weights=[1, 1, 1.5, 2.5, 4])[0]
        pos = max(0, stars - 2) + rng.randint(0, 1)
        neg = max(0, 3 - stars) * 2 + rng.randint(0, 1)
        words = rng.choices(NEUTRAL, k=rng.randint(8, 20))
        words += rng.choices(POSITIVE, k=pos) + rng.choices(NEGATIVE, k=neg)
        rng.shuffle(words)
        rows.append((" ".join(words), stars))
    return rows
