import random

import torch
from torch.utils.data import Dataset

INTENTS = {
    "book_flight": ["book a flight to {city}", "i need a plane ticket to {city} on {day}",
                    "fly me to {city}", "any flights from {city} {day}"],
    "weather": ["what's the weather in {city}", "will it rain {day}", "is it cold in {city} {day}",
                "forecast for {city}"],
    "set_alarm": ["wake me up at {time}", "set an alarm for {time} {day}", "alarm {time}",
                  "remind me at {time} to leave"],
    "play_music": ["play some {genre}", "put on {genre} music", "i want to hear {genre} {day}",
                   "shuffle my {genre} playlist"],
    "cancel": ["never mind", "cancel that", "stop", "forget it please cancel the request"],
}
SLOTS = {
    "city": ["paris", "new york", "tokyo", "berlin", "sao paulo", "lagos", "sydney"],
    "day": ["today", "tomorrow", "on friday", "next monday", "this weekend"],
    "time": ["7am", "6 30", "noon", "half past eight", "9 pm"],
    "genre": ["jazz", "lofi hip hop", "classical", "rock", "k pop"],
}
LABELS = sorted(INTENTS)


def synth_utterances(n, seed=0):
    rng = random.Random(seed)
    data = []
    for _ in range(n):
        intent = rng.choice(LABELS)
        tmpl = rng.choice(INTENTS[intent])
        text = tmpl.format(**{k: rng.choice(v) for k, v in SLOTS.items()})
        if rng.random() < 0.3:
            text = rng.choice(["hey ", "um ", "ok so ", "please "]) + text
        data.append((text, LABELS.index(intent)))
    return data


class IntentDataset(Dataset):
    def __init__(self, examples, tokenizer, max_len=48):
        self.examples = examples
        self.tokenizer = tokenizer
        self.max_len = max_len

    def __len__(self):
        return len(self.examples)

    def __getitem__(self, idx):
        text, label = self.examples[idx]
        ids = self.tokenizer.encode(text, self.max_len)
        return torch.tensor(ids, dtype=torch.long), torch.tensor(label)
