import csv
import numpy as np


def map_label(x):
    """Group 0-4 star ratings into negative / positive (used with --group_labels 1)."""
    if x <= 1:
        return 0
    elif x >= 3:
        return 1
    return None


def process_text(text, steps=('lower', 'remove_urls')):
    if 'lower' in steps:
        text = text.lower()
    if 'remove_urls' in steps:
        text = ' '.join(w for w in text.split() if not w.startswith('http'))
    return text


def load_data(args):
    with open(args.data_path, newline='', encoding='utf-8') as f:
        rows = list(csv.DictReader(f))

    texts = [process_text(r[args.text_column]) for r in rows]
    labels = np.array([r[args.label_column] for r in rows]).astype(float)

    if args.group_labels:
        keep = [i for i, l in enumerate(labels) if map_label(l) is not None]
        texts = [texts[i] for i in keep]
        labels = np.array([map_label(labels[i]) for i in keep])

    number_of_classes = len(np.unique(labels))
    return texts, labels, number_of_classes
