import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from jointnlu.data import INTENTS, PAD_LABEL, SLOTS, VOCAB_SIZE, JointNLUDataset, collate
from jointnlu.model import JointIntentSlotModel
from jointnlu.weights import build_task_class_weights


def train_step(model, batch, class_weights, optimizer, slot_coef):
    tokens, intents, slots = batch
    intent_logp, slot_logp = model(tokens)
    losses = {
        "intent": F.nll_loss(intent_logp, intents, weight=class_weights["intent"]),
        "slot": F.nll_loss(slot_logp.transpose(1, 2), slots, weight=class_weights["slot"],
                           ignore_index=PAD_LABEL),
    }
    loss = losses["intent"] + slot_coef * losses["slot"]
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return {k: v.item() for k, v in losses.items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--batch-size", type=int, default=16)
    ap.add_argument("--slot-coef", type=float, default=1.0)
    args = ap.parse_args()

    torch.manual_seed(0)
    train_set = JointNLUDataset(192, seed=0)
    loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True, collate_fn=collate)
    class_weights = build_task_class_weights(train_set)

    model = JointIntentSlotModel(VOCAB_SIZE, len(INTENTS), len(SLOTS))
    optimizer = torch.optim.Adam(model.parameters(), lr=5e-3)
    for epoch in range(args.epochs):
        agg = {"intent": 0.0, "slot": 0.0}
        for batch in loader:
            for k, v in train_step(model, batch, class_weights, optimizer, args.slot_coef).items():
                agg[k] += v
        print(f"epoch {epoch}  intent_loss {agg['intent'] / len(loader):.4f}  slot_loss {agg['slot'] / len(loader):.4f}")


if __name__ == "__main__":
    main()
