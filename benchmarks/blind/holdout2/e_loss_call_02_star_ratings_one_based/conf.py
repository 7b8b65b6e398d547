CONF = {
    "experiment": {"name": "stars-bow", "seed": 3},
    "dataset": {
        "csv_rows": 450,
        "max_vocab": 200,
        "label_column": "stars",
        "num_classes": 5,
    },
    "model": {"hidden": 64, "dropout": 0.2},
    "optimizer": {"name": "adam", "lr": 1e-3},
    "loop": {"epochs": 3, "batch_size": 64},
}
