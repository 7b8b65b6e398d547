import torch
import torch.nn as nn
import torch.nn.functional as F

from min_norm_solvers import MinNormSolver, gradient_normalizers

torch.manual_seed(0)

tasks = ['L', 'R']


class MultiLeNetR(nn.Module):
    def __init__(self):
        super(MultiLeNetR, self).__init__()
        self.conv1 = nn.Conv2d(1, 10, kernel_size=5)
        self.conv2 = nn.Conv2d(10, 20, kernel_size=5)
        self.fc = nn.Linear(320, 50)

    def forward(self, x, mask=None):
        x = F.relu(F.max_pool2d(self.conv1(x), 2))
        x = F.relu(F.max_pool2d(self.conv2(x), 2))
        x = x.view(-1, 320)
        x = F.relu(self.fc(x))
        return x, mask


class MultiLeNetO(nn.Module):
    def __init__(self):
        super(MultiLeNetO, self).__init__()
        self.fc1 = nn.Linear(50, 50)
        self.fc2 = nn.Linear(50, 10)

    def forward(self, x, mask=None):
        x = F.relu(self.fc1(x))
        x = self.fc2(x)
        return F.log_softmax(x, dim=1), mask


model = {}
model['rep'] = MultiLeNetR()
model['L'] = MultiLeNetO()
model['R'] = MultiLeNetO()

model_params = []
for m in model:
    model_params += model[m].parameters()
optimizer = torch.optim.SGD(model_params, lr=0.01, momentum=0.9)

# synthetic MultiMNIST: one image, a left digit label and a right digit label
images = torch.randn(64, 1, 28, 28)
labels = {'L': torch.randint(0, 10, (64,)), 'R': torch.randint(0, 10, (64,))}
batch_size = 16

for epoch in range(2):
    for m in model:
        model[m].train()
    for b in range(0, 64, batch_size):
        images_b = images[b:b + batch_size]
        labels_b = {t: labels[t][b:b + batch_size] for t in tasks}

        loss_data = {}
        grads = {}
        scale = {}

        optimizer.zero_grad()
        # First compute representations (z)
        with torch.no_grad():
            images_volatile = images_b.clone()
        rep, mask = model['rep'](images_volatile, None)
        # As an approximate solution we only need gradients for input
        rep_variable = rep.detach().clone().requires_grad_(True)
        list_rep = False

        # Compute gradients of each loss function wrt z
        for t in tasks:
            optimizer.zero_grad()
            out_t, masks = model[t](rep_variable, None)
            loss = F.nll_loss(out_t, labels_b[t])
            loss_data[t] = loss.item()
            loss.backward()
            grads[t] = []
            grads[t].append(rep_variable.grad.data.clone())
            rep_variable.grad.data.zero_()

        # Normalize all gradients
        gn = gradient_normalizers(grads, loss_data, 'l2')
        for t in tasks:
            for gr_i in range(len(grads[t])):
                grads[t][gr_i] = grads[t][gr_i] / gn[t]

        # Frank-Wolfe iteration to compute scales.
        sol, min_norm = MinNormSolver.find_min_norm_element([grads[t] for t in tasks])
        for i, t in enumerate(tasks):
            scale[t] = float(sol[i])

        # Scaled back-propagation
        optimizer.zero_grad()
        rep, _ = model['rep'](images_b, None)
        for i, t in enumerate(tasks):
            out_t, _ = model[t](rep, None)
            loss_t = F.nll_loss(out_t, labels_b[t])
            loss_data[t] = loss_t.item()
            if i > 0:
                loss = loss + scale[t] * loss_t
            else:
                loss = scale[t] * loss_t
        loss.backward()
        optimizer.step()
    print('epoch {} loss {:.4f} scales {}'.format(epoch, loss.item(), scale))
