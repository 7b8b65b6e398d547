import torch
import torch.nn.functional as F


def train(xs, ys, num_classes=27, steps=100, lr=50, seed=2147483647):
    num = xs.nelement()
    print('number of examples: ', num)
    g = torch.Generator().manual_seed(seed)
    W = torch.randn((num_classes, num_classes), generator=g, requires_grad=True)

    # forward pass
    xenc = F.one_hot(xs, num_classes=num_classes).float()  # input to the network: one-hot encoding
    logits = xenc @ W  # predict log-counts
    counts = logits.exp()  # counts, equivalent to N
    probs = counts / counts.sum(1, keepdims=True)  # probabilities for next character
    loss = -probs[torch.arange(num), ys].log().mean() + 0.01 * (W ** 2).mean()

    # gradient descent
    for k in range(steps):
        # backward pass
        W.grad = None  # set to zero the gradient
        loss.backward()

        # update
        W.data += -lr * W.grad
        if k % 10 == 0:
            print(k, loss.item())
    return W


def sample(W, itos, n=5, seed=2147483647):
    g = torch.Generator().manual_seed(seed)
    out = []
    for i in range(n):
        name, ix = [], 0
        while True:
            xenc = F.one_hot(torch.tensor([ix]), num_classes=W.shape[0]).float()
            p = (xenc @ W).exp()
            p = p / p.sum(1, keepdims=True)
            ix = torch.multinomial(p, num_samples=1, replacement=True, generator=g).item()
            if ix == 0 or len(name) > 20:
                break
            name.append(itos[ix])
        out.append(''.join(name))
    return out
