import torch


def fit(model, loader, optimizer, loss_fn, epochs, callbacks=(), clip=1.0):
    state = {"optimizer": optimizer, "model": model}
    for cb in callbacks:
        cb.on_train_begin(state)
    for epoch in range(epochs):
        model.train()
        total, n = 0.0, 0
        for x, y in loader:
            loss = loss_fn(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            state["grad_norm"] = float(torch.nn.utils.clip_grad_norm_(model.parameters(), clip))
            optimizer.step()
            total += loss.item() * len(x); n += len(x)
            for cb in callbacks:
                cb.on_batch_end(state)
        state.update(epoch=epoch, epoch_loss=total / n)
        for cb in callbacks:
            cb.on_epoch_end(state)
    return state
