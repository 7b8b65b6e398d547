import torch
out = torch.randn(4, 3, requires_grad=True)
target = torch.randn(4, 5)
torch.nn.functional.mse_loss(out, target).backward()
