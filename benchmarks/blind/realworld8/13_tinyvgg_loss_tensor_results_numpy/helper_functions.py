"""
A series of helper functions used throughout the course.
"""
import numpy as np


def plot_loss_curves(results, out_file="loss_curves.csv"):
    """Saves training curves of a results dictionary (no display available on the training box).

    Args:
        results (dict): dictionary containing list of values, e.g.
            {"train_loss": [...],
             "train_acc": [...],
             "test_loss": [...],
             "test_acc": [...]}
    """
    loss = np.array(results["train_loss"])
    test_loss = np.array(results["test_loss"])

    accuracy = np.array(results["train_acc"])
    test_accuracy = np.array(results["test_acc"])

    epochs = np.arange(len(results["train_loss"]))

    table = np.stack([epochs, loss, test_loss, accuracy, test_accuracy], axis=1)
    np.savetxt(out_file, table, delimiter=",", header="epoch,train_loss,test_loss,train_acc,test_acc", comments="")
    print(f"[INFO] Saved loss curves to: {out_file}")
