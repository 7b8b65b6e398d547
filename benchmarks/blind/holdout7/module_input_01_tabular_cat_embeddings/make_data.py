import csv
import random


REGIONS = ["north", "south", "east", "west", "central", "islands"]
DEVICES = ["ios", "android", "web", "desktop"]
PLANS = ["free", "basic", "plus", "pro", "team", "enterprise", "edu"]
CHANNELS = ["organic", "ads", "referral", "partner", "email"]


def write_synthetic_csv(path, n_rows, seed=0):
    rng = random.Random(seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "region", "device", "plan", "channel", "age", "tenure",
                    "monthly_spend", "n_tickets", "last_login_days", "churn"])
        for i in range(n_rows):
            region = rng.choice(REGIONS)
            device = rng.choice(DEVICES)
            plan = rng.choice(PLANS)
            channel = rng.choice(CHANNELS)
            age = rng.randint(18, 75)
            tenure = rng.randint(0, 60)
            spend = round(rng.uniform(0, 120), 2)
            tickets = rng.randint(0, 8)
            last_login = rng.randint(0, 90)
            logit = -1.0 + 0.04 * last_login - 0.05 * tenure + 0.3 * tickets
            logit += 0.8 if plan == "free" else 0.0
            logit += 0.5 if channel == "ads" else 0.0
            p = 1.0 / (1.0 + 2.718281828 ** (-logit))
            churn = 1 if rng.random() < p else 0
            w.writerow([i, region, device, plan, channel, age, tenure, spend,
                        tickets, last_login, churn])
