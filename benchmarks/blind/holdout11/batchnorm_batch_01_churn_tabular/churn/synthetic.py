import numpy as np

PLANS = ["basic", "standard", "premium"]
REGIONS = ["north", "south", "east", "west", "central"]
PAYMENTS = ["card", "bank_transfer", "voucher", "paypal"]


def generate_customers(n, seed):
    """Returns a dict of columns that looks like the CRM export."""
    rng = np.random.default_rng(seed)
    cols = {
        "plan": rng.choice(PLANS, n, p=[0.5, 0.35, 0.15]),
        "region": rng.choice(REGIONS, n),
        "payment_method": rng.choice(PAYMENTS, n),
        "tenure_months": rng.integers(1, 72, n).astype(np.float32),
        "monthly_charges": rng.normal(55, 20, n).clip(10, 150).astype(np.float32),
        "support_calls": rng.poisson(1.5, n).astype(np.float32),
        "data_usage_gb": rng.gamma(2.0, 8.0, n).astype(np.float32),
    }
    logit = (-1.0 - 0.04 * cols["tenure_months"] + 0.02 * cols["monthly_charges"]
             + 0.5 * cols["support_calls"] + 0.8 * (cols["payment_method"] == "voucher"))
    cols["churned"] = (rng.random(n) < 1 / (1 + np.exp(-logit))).astype(np.float32)
    return cols
