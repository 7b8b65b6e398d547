import torch
torch.manual_seed(1)
x = torch.linspace(-1, 1, 50).unsqueeze(1)
y = 3 * x ** 2 + 0.5
params = [torch.randn(1, requires_grad=True) for _ in range(3)]
for it in range(30):
    a, b, c = params
    pred = a * x ** 2 + b * x + c
    loss = ((pred - y) ** 2).mean()
    loss.backward()
    for p in params:
        p -= 0.1 * p.grad
        p.grad.zero_()
print([p.item() for p in params])
