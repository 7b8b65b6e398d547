import random

INTENTS = {
    "weather": ["what is the weather {when}", "will it rain {when}", "do i need an umbrella {when}", "how hot is it going to be {when} in {city}"],
    "alarm": ["wake me up at {time}", "set an alarm for {time}", "cancel my {time} alarm", "please set a new alarm for {time} {when}"],
    "music": ["play some {genre}", "put on {genre} music", "skip this song", "i want to listen to {genre} while i work"],
    "timer": ["set a timer for {n} minutes", "how much time is left", "start a {n} minute timer for the pasta"],
}
FILL = {
    "when": ["today", "tomorrow", "tonight", "this weekend", "on friday"],
    "city": ["paris", "oslo", "lima", "new york"],
    "time": ["six am", "seven thirty", "noon", "nine pm"],
    "genre": ["jazz", "rock", "lofi", "classical", "hip hop"],
    "n": ["five", "ten", "twenty", "forty five"],
}


def sample_utterances(n, seed=0):
    rng = random.Random(seed)
    names = sorted(INTENTS)
    out = []
    for _ in range(n):
        label = rng.randrange(len(names))
        tmpl = rng.choice(INTENTS[names[label]])
        out.append((tmpl.format(**{k: rng.choice(v) for k, v in FILL.items()}), label))
    return out, names
