CONFIG = {
    "data": {
        "csv_name": "reviews.csv",
        "n_reviews": 500,
        "hash_buckets": 2048,
        "ngram": 3,
    },
    "model": {
        "num_classes": 5,      # 1..5 stars
        "hidden": 128,
        "dropout": 0.2,
    },
    "optim": {"name": "sgd", "lr": 0.5, "momentum": 0.9},
    "loop": {"epochs": 3, "batch_size": 64, "print_every": 2},
}
