import csv
import os

import numpy as np

DATA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
LABELS = {"Iris-setosa": 0, "Iris-versicolor": 1}


def load_iris_2class(path=os.path.join(DATA_DIR, "iris_2class.csv")):
    """setosa(0) と versicolor(1) の 100 サンプルだけを読み込む"""
    X, y = [], []
    with open(path) as f:
        for row in csv.DictReader(f):
            X.append([float(row[k]) for k in ("sepal_length", "sepal_width", "petal_length", "petal_width")])
            y.append(LABELS[row["species"]])
    return np.array(X), np.array(y)
