import numpy as np


def write_sales_csv(path, n_stores=6, n_days=240, seed=7):
    rng = np.random.default_rng(seed)
    rows = []
    for s in range(n_stores):
        level = rng.uniform(50, 300)
        trend = rng.uniform(-0.05, 0.2)
        weekly = rng.uniform(0.1, 0.4, size=7)
        for d in range(n_days):
            promo = float(rng.random() < 0.15)
            holiday = float(d % 60 in (0, 1))
            mean = (level + trend * d) * (1 + weekly[d % 7]) * (1 + 0.3 * promo) * (1 - 0.5 * holiday)
            sales = max(0.0, rng.normal(mean, 0.1 * mean))
            rows.append((s, d, promo, holiday, round(sales, 2)))
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savetxt(path, np.array(rows), delimiter=",", header="store,day,promo,holiday,sales",
               comments="", fmt=["%d", "%d", "%d", "%d", "%.2f"])
