import torch
config = {"lr": 0.1}
model = torch.nn.Linear(2, 1)
opt = torch.optim.SGD(model.parameters(), lr=config["learning_rate"])
