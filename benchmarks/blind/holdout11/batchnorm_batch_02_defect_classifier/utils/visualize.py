import os

import torch


@torch.no_grad()
def log_predictions(model, dataset, class_names, n, log_path, epoch):
    """Write the prediction for a few fixed validation boards to a text log, for eyeballing."""
    lines = []
    for idx in range(0, len(dataset), max(1, len(dataset) // n))[:n]:
        img, label = dataset[idx]
        probs = model(img.unsqueeze(0)).softmax(-1)[0]
        pred = int(probs.argmax())
        lines.append(f"epoch {epoch} sample {idx}: true={class_names[label]} "
                     f"pred={class_names[pred]} p={probs[pred]:.2f}")
    os.makedirs(os.path.dirname(log_path), exist_ok=True)
    with open(log_path, "a") as f:
        f.write("\n".join(lines) + "\n")
    return lines
