import random

POS = ["great", "excellent", "loved", "fantastic", "wonderful", "tasty", "friendly", "fresh", "perfect"]
NEG = ["awful", "terrible", "cold", "rude", "bland", "slow", "dirty", "overpriced", "stale"]
FILLER = ["the", "food", "was", "and", "service", "staff", "really", "place", "we", "our",
          "table", "waiter", "dinner", "a", "bit", "very", "pizza", "pasta", "wine", "dessert"]


def make_reviews(n, seed=0):
    rnd = random.Random(seed)
    data = []
    for _ in range(n):
        label = rnd.randint(0, 1)
        bag = POS if label else NEG
        words = [rnd.choice(FILLER) for _ in range(rnd.randint(6, 20))]
        for _ in range(rnd.randint(1, 3)):
            words.insert(rnd.randrange(len(words)), rnd.choice(bag))
        data.append((" ".join(words).capitalize() + ".", label))
    return data
