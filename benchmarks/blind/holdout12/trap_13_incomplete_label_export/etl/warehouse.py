"""Stand-in for the nightly `orders JOIN deliveries` export from the warehouse.

In production this is a SQL query; offline we reproduce the snapshot deterministically.
"""
import csv
import os

import numpy as np

FIELDS = ["order_id", "distance_km", "items", "hour", "weekday", "courier_rating", "rain_mm",
          "delivery_minutes"]


def export_orders_snapshot(path, n=3000, seed=2024):
    rng = np.random.default_rng(seed)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        for oid in range(100000, 100000 + n):
            dist = rng.gamma(2.0, 2.0)
            items = int(rng.integers(1, 12))
            hour = int(rng.integers(8, 23))
            weekday = int(rng.integers(0, 7))
            rating = rng.uniform(3.5, 5.0)
            rain = max(0.0, rng.normal(0.5, 2.0))
            minutes = 12 + 4.5 * dist + 0.8 * items + 6 * (hour in (12, 13, 19, 20)) + 1.5 * rain
            minutes += rng.normal(0, 4)
            # deliveries still in flight when the snapshot was cut have no delivered_at yet
            in_flight = oid >= 100000 + n - 180
            w.writerow({
                "order_id": oid, "distance_km": f"{dist:.3f}", "items": items, "hour": hour,
                "weekday": weekday, "courier_rating": f"{rating:.2f}", "rain_mm": f"{rain:.2f}",
                "delivery_minutes": "" if in_flight else f"{minutes:.1f}",
            })
