"""Tiny synthetic support-ticket corpus with multiple tags per ticket."""
import random

TAGS = ["billing", "login", "bug", "feature_request", "shipping"]

PHRASES = {
    "billing": ["i was charged twice", "refund my payment", "invoice is wrong", "card declined at checkout"],
    "login": ["cannot log in", "password reset email never arrives", "two factor code rejected", "account locked"],
    "bug": ["the app crashes", "button does nothing", "page shows an error", "export produces an empty file"],
    "feature_request": ["please add dark mode", "would love a csv export", "add an api for reports", "support more languages"],
    "shipping": ["my parcel is late", "tracking number not working", "package arrived damaged", "wrong address on order"],
}
FILLER = ["hi", "hello team", "thanks", "asap please", "this is urgent", "regards", "again today"]


def make_tickets(n, seed=0):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        k = rng.choice([1, 1, 2, 2, 3])
        tags = rng.sample(TAGS, k)
        parts = [rng.choice(PHRASES[t]) for t in tags] + rng.sample(FILLER, 2)
        rng.shuffle(parts)
        out.append((" ".join(parts), tags))
    return out
