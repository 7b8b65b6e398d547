import csv
import random

GOOD = ["love it", "works great", "excellent quality", "fast delivery", "would buy again", "five stars"]
BAD = ["broke after a day", "terrible support", "waste of money", "arrived late", "does not fit", "refund please"]
MEH = ["it is okay", "average product", "nothing special", "as described", "fine for the price"]


def write_reviews(path, n, seed=0):
    rng = random.Random(seed)
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["review_id", "text", "stars"])
        w.writeheader()
        for i in range(n):
            stars = rng.randint(1, 5)
            pool = BAD if stars <= 2 else MEH if stars == 3 else GOOD
            words = rng.sample(pool, 2) + [rng.choice(MEH)]
            rng.shuffle(words)
            w.writerow({"review_id": i, "text": ", ".join(words), "stars": stars})
